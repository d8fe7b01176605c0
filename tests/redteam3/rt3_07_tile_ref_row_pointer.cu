// A non-owning tile view over a shared array whose row() method returns a
// pointer to the row's first element; the caller walks 8 past the row's end.
// launch: rt3_07_tile_ref_row_pointer 2 32x8
struct TileRef {
    int (*d)[32];
    __device__ int *row(int r) const { return &d[r][0]; }
    __device__ int &operator()(int r, int c) const { return d[r][c]; }
};
__global__ void rt3_07_tile_ref_row_pointer(const int *in, int *out, int p) {
    __shared__ int buf[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    TileRef t{buf};
    t(ty, tx) = in[blockIdx.x * 512 + tid] & 4095;
    t(ty + 8, tx) = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = t.row(ty)[tx + 8] + 2 * t(tx % 16, ty);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_07_tile_ref_row_pointer<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
