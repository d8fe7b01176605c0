// A local array of registers shadows the shared tile's name in an inner
// scope; its subscripts are not the tile's.
// launch: rt2_152_local_shadows_shared 2 32x8
// expect: rewritten
__global__ void rt2_152_local_shadows_shared(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    float acc = tile[tx][ty];
    {
        float tile[4][40];
        for (int i = 0; i < 4; ++i)
            for (int k = 0; k < 40; ++k) tile[i][k] = (float)(i * 40 + k);
        acc += tile[ty & 3][tx + 5];
    }
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_152_local_shadows_shared<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
