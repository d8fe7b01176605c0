// A __device__ helper that owns the shared tile and hands out row pointers;
// the caller walks a row pointer past the row's end.
// launch: rt44_owner 2 32x8
__device__ float *tile_row(int r) {
    __shared__ float t[32][32];
    return t[r];
}
__global__ void rt44_owner(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile_row(j)[tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
    __syncthreads();
    float acc = tile_row(tx)[ty] + tile_row(ty)[tx + 32];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt44_owner<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
