// A __restrict__ pointer to the tile's first element, then a transposed read
// through it as a flat row-major array (p[tx * 32 + j]): in range of the
// tile, but it spells the row length itself.
// launch: rt3_08_restrict_flat_pointer 2 32x8
__global__ void rt3_08_restrict_flat_pointer(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    const float *__restrict__ flat = &tile[0][0];
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(flat[tx * 32 + j] + tile[tx][j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_08_restrict_flat_pointer<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
