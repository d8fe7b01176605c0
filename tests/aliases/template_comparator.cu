// The SDK's sorting networks: elements bound to the `T &` parameters of a
// comparator that is a function template, called from a template kernel
// (a dependent call) and from a plain kernel (a call of an instance).
typedef unsigned int uint;

template <uint dir> __device__ inline void Comparator(uint &keyA, uint &keyB)
{
    if ((keyA > keyB) == dir) {
        uint t = keyA;
        keyA = keyB;
        keyB = t;
    }
}

template <uint dir> __global__ void __launch_bounds__(256) sortStep(uint *d)
{
    __shared__ uint s_key[512];
    s_key[threadIdx.x] = d[threadIdx.x];
    s_key[threadIdx.x + 256] = d[threadIdx.x + 256];
    __syncthreads();
    Comparator<dir>(s_key[2 * threadIdx.x], s_key[2 * threadIdx.x + 1]);
    __syncthreads();
    d[threadIdx.x] = s_key[threadIdx.x * 2];
}

extern "C" __global__ void __launch_bounds__(256) sortPlain(uint *d)
{
    __shared__ uint s_pair[512];
    s_pair[threadIdx.x] = d[threadIdx.x];
    s_pair[threadIdx.x + 256] = d[threadIdx.x + 256];
    __syncthreads();
    Comparator<1>(s_pair[2 * threadIdx.x], s_pair[2 * threadIdx.x + 1]);
    __syncthreads();
    d[threadIdx.x] = s_pair[threadIdx.x * 2];
}

template __global__ void sortStep<1>(uint *);

// The explicit instance is launched here too: an instance only instantiated
// could run elsewhere with any block shape, and would keep s_key as written.
void launch(uint *d) { sortStep<1><<<1, 256>>>(d); sortPlain<<<1, 256>>>(d); }
